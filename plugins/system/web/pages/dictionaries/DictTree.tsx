import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { DictItem } from '../../common/types.ts';
import { localName } from '@fmea/sdk';

/** Dictionary types at the root, their items below; click to choose, the arrow folds. */
export function DictTree({ items, selectedId, onSelect }: { items: DictItem[]; selectedId: string | null; onSelect: (item: DictItem) => void }) {
  const { t, i18n } = useLingui();
  const [folded, setFolded] = useState<Set<string>>(() => new Set());
  const toggle = (id: string) =>
    setFolded((f) => {
      const next = new Set(f);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const render = (nodes: DictItem[], depth: number) => (
    <ul role={depth === 0 ? 'tree' : 'group'} className="sys-tree" aria-label={depth === 0 ? t`Dictionaries` : undefined}>
      {[...nodes]
        .sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code))
        .map((node) => {
          const open = !folded.has(node.id);
          const hasChildren = node.children.length > 0;
          return (
            <li key={node.id} role="treeitem" aria-expanded={hasChildren ? open : undefined} aria-selected={node.id === selectedId}>
              <div className={node.id === selectedId ? 'sys-tree-row selected' : 'sys-tree-row'} style={{ paddingLeft: depth * 18 }}>
                <button type="button" className="sys-tree-fold" disabled={!hasChildren} onClick={() => toggle(node.id)} aria-label={open ? t`Fold` : t`Unfold`}>
                  {hasChildren ? (open ? '▾' : '▸') : ''}
                </button>
                <button type="button" className="sys-tree-label" onClick={() => onSelect(node)} data-code={node.code}>
                  <span className="sys-tree-code">{node.code}</span>
                  <span>{localName(i18n.locale, node.name, node.enName)}</span>
                  {/* an English reader sees the Chinese name of an untranslated item, marked so an admin can add the English one */}
                  {i18n.locale === 'en-US' && !node.enName ? <span className="muted">{t`(no English name)`}</span> : null}
                  {depth === 0 ? <span className="muted">({node.children.length})</span> : null}
                </button>
              </div>
              {hasChildren && open ? render(node.children, depth + 1) : null}
            </li>
          );
        })}
    </ul>
  );

  return render(items, 0);
}

export function findItem(items: DictItem[], id: string | null): DictItem | null {
  if (!id) return null;
  for (const item of items) {
    if (item.id === id) return item;
    const found = findItem(item.children, id);
    if (found) return found;
  }
  return null;
}
