import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { registerCatalog } from '../i18n/index.ts';
import type { WorkAreaPlugin, WorkAreaProps } from '../plugins/contract.ts';
import { ui } from '../stores/ui.ts';

/** Spec 000 §8/§9: a code chunk that does not arrive within 120 s fails with ChunkLoadError. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(readonly pluginId: string, cause?: unknown) {
    super(`ChunkLoadError: ${pluginId}`);
    this.name = 'ChunkLoadError';
    this.cause = cause;
  }
}

const cache = new Map<string, Promise<ComponentType<WorkAreaProps>>>();

export function loadPlugin(plugin: WorkAreaPlugin, timeoutMs = CHUNK_TIMEOUT_MS): Promise<ComponentType<WorkAreaProps>> {
  let pending = cache.get(plugin.manifest.id);
  if (!pending) {
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new ChunkLoadError(plugin.manifest.id)), timeoutMs));
    pending = Promise.race([
      Promise.all([plugin.load(), registerCatalog(plugin.catalogs)]).then(([module]) => module.default),
      timeout,
    ]).catch((error: unknown) => {
      cache.delete(plugin.manifest.id);
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(plugin.manifest.id, error);
    });
    cache.set(plugin.manifest.id, pending);
  }
  return pending;
}

function ChunkErrorPage({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="error-page" data-testid="chunk-error">
      <h1>
        <Trans>This part of the workbench could not be loaded</Trans>
      </h1>
      <p>
        <Trans>The network may be slow or the server was updated. Reload to try again.</Trans>
      </p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        <Trans>Reload</Trans>
      </button>
    </div>
  );
}

class PluginErrorBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <ChunkErrorPage onRetry={this.props.onRetry} /> : this.props.children;
  }
}

/** Loads a plugin's chunk and catalogs, then renders its root with the micro route. */
export function PluginHost({ plugin, microRoute }: { plugin: WorkAreaPlugin; microRoute: string }) {
  const [Root, setRoot] = useState<ComponentType<WorkAreaProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    ui.navigating = true;
    setFailed(false);
    loadPlugin(plugin)
      .then((component) => alive && setRoot(() => component))
      .catch(() => alive && setFailed(true))
      .finally(() => {
        ui.navigating = false;
      });
    return () => {
      alive = false;
    };
  }, [plugin, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  if (failed) return <ChunkErrorPage onRetry={retry} />;
  if (!Root) return <div className="page-loading" aria-busy="true" />;
  return (
    <PluginErrorBoundary onRetry={retry}>
      <Root microRoute={microRoute} basePath={plugin.manifest.basePath} manifest={plugin.manifest} />
    </PluginErrorBoundary>
  );
}
