/**
 * A self-contained, readable API reference rendered on the server from the
 * OpenAPI document: no CDN scripts, so it works on closed networks. Every
 * value is HTML-escaped.
 */
type Json = Record<string, unknown>;

const escape = (text: unknown) =>
  String(text ?? '').replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function schemaText(schema: unknown, components: Json, depth = 0): string {
  if (!schema || typeof schema !== 'object' || depth > 6) return 'any';
  const s = schema as Json;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.split('/').pop()!;
    return depth > 2 ? name : schemaText((components[name] as Json) ?? {}, components, depth + 1);
  }
  if (Array.isArray(s.anyOf)) return s.anyOf.map((x) => schemaText(x, components, depth + 1)).join(' | ');
  if (s.type === 'array') return `${schemaText(s.items, components, depth + 1)}[]`;
  if (s.type === 'object' || s.properties) {
    const props = Object.entries((s.properties as Json) ?? {});
    if (!props.length) return 'object';
    const required = new Set((s.required as string[]) ?? []);
    const pad = '  '.repeat(depth + 1);
    return `{\n${props.map(([k, v]) => `${pad}${k}${required.has(k) ? '' : '?'}: ${schemaText(v, components, depth + 1)}`).join('\n')}\n${'  '.repeat(depth)}}`;
  }
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const type = Array.isArray(s.type) ? s.type.join(' | ') : String(s.type ?? 'any');
  const limits = [s.minLength !== undefined && `min ${s.minLength}`, s.maxLength !== undefined && `max ${s.maxLength}`, s.minimum !== undefined && `≥ ${s.minimum}`, s.maximum !== undefined && `≤ ${s.maximum}`].filter(Boolean);
  return limits.length ? `${type} (${limits.join(', ')})` : type;
}

export function renderReference(document: unknown): string {
  const doc = document as Json;
  const info = (doc.info as Json) ?? {};
  const components = ((doc.components as Json)?.schemas as Json) ?? {};
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries((doc.paths as Json) ?? {})) {
    for (const [method, op] of Object.entries(item as Json)) {
      const o = op as Json;
      const tag = ((o.tags as string[]) ?? ['other'])[0]!;
      const access = o['x-access'];
      const accessText = access === 'public' ? 'public' : access === 'user' ? 'signed-in user' : access ? `permission ${escape(JSON.stringify(access))}` : '';
      const params = ((o.parameters as Json[]) ?? []).map((p) => `<li><code>${escape(p.name)}</code> (${escape(p.in)}${p.required ? ', required' : ''}): ${escape(schemaText(p.schema, components))}</li>`).join('');
      const body = (((o.requestBody as Json)?.content as Json) ?? {}) as Json;
      const bodyEntries = Object.entries(body).map(([type, c]) => `<p>Body <code>${escape(type)}</code></p><pre>${escape(schemaText((c as Json).schema, components))}</pre>`).join('');
      const ok = ((((o.responses as Json)?.['200'] as Json)?.content as Json)?.['application/json'] as Json)?.schema;
      const section = `<section id="${escape(`${method}-${path}`)}"><h3><span class="m ${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>
<p>${escape(o.summary)}${o.description ? ` — ${escape(o.description)}` : ''}</p><p class="access">${accessText}</p>
${params ? `<p>Parameters</p><ul>${params}</ul>` : ''}${bodyEntries}${ok ? `<p>Answer (200)</p><pre>${escape(schemaText(ok, components))}</pre>` : ''}</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), section]);
    }
  }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(info.title)}</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:0;display:flex}nav{width:220px;padding:16px;border-right:1px solid #ddd;height:100vh;overflow:auto;position:sticky;top:0}
main{padding:16px 32px;max-width:960px}pre{background:#f6f8fa;padding:8px;overflow:auto}.m{display:inline-block;min-width:48px;font-size:12px;color:#fff;padding:2px 6px;border-radius:3px}
.get{background:#2f7d32}.post{background:#1565c0}.access{color:#666}section{border-bottom:1px solid #eee;padding:8px 0}</style></head>
<body><nav><strong>${escape(info.title)}</strong><p><a href="/api/openapi.json">openapi.json</a></p>${tags.map((t) => `<div><a href="#tag-${escape(t)}">${escape(t)}</a></div>`).join('')}</nav>
<main><h1>${escape(info.title)} ${escape(info.version)}</h1><p>${escape(info.description)}</p>
${tags.map((t) => `<h2 id="tag-${escape(t)}">${escape(t)}</h2>${byTag.get(t)!.join('\n')}`).join('\n')}</main></body></html>`;
}
