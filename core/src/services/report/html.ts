import type { Locale } from '../../i18n/index.ts';
import { reportSections, type ReportWorkbookInput } from './workbook.ts';

/**
 * A report as one printable HTML document (docs/decisions/report-printing.md): the same sections as its
 * workbook, A4 landscape, each section's header row repeated on every page, a page break between sections.
 * What `fmea report <kind> --out x.pdf` hands to Chromium (page.setContent, page.pdf). Every text is escaped.
 */
const escape = (text: string): string => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const AP_COLOUR = { H: '#f4b4b4', M: '#ffe699', L: '#c6efce' } as const;

export const PRINT_CSS = `
@page { size: A4 landscape; margin: 12mm 10mm; }
* { box-sizing: border-box; }
body { font-family: "Noto Sans CJK SC", "Noto Sans SC", "Microsoft YaHei", "PingFang SC", sans-serif; font-size: 10pt; color: #111; margin: 0; }
h1 { font-size: 15pt; margin: 0 0 2mm; }
.subtitle { color: #555; margin: 0 0 5mm; }
section { break-inside: auto; }
section + section { break-before: page; }
h2 { font-size: 12pt; margin: 0 0 2mm; break-after: avoid; }
table { border-collapse: collapse; width: 100%; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th, td { border: 1px solid #999; padding: 1.2mm 2mm; text-align: left; vertical-align: top; white-space: pre-line; }
th { background: #eef1f5; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
table.heat { width: auto; }
table.heat td { width: 12mm; text-align: center; }
`;

export function reportHtml(input: ReportWorkbookInput, locale: Locale): string {
  const { title, subtitle, sections } = reportSections(input, locale);
  const body = sections
    .map((section) => {
      const heat = section.ap !== undefined;
      const head = `<thead><tr>${section.headers.map((h) => `<th>${escape(h)}</th>`).join('')}</tr></thead>`;
      const rows = section.rows
        .map(
          (row, r) =>
            `<tr>${row
              .map((cell, c) => {
                const ap = section.ap?.[r]?.[c];
                const style = ap ? ` style="background:${AP_COLOUR[ap]}"` : '';
                const cls = typeof cell === 'number' ? ' class="num"' : '';
                return `<td${cls}${style}>${cell === null ? '' : escape(String(cell))}</td>`;
              })
              .join('')}</tr>`,
        )
        .join('');
      return `<section><h2>${escape(section.title)}</h2><table${heat ? ' class="heat"' : ''}>${head}<tbody>${rows}</tbody></table></section>`;
    })
    .join('\n');
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escape(title)}</title><style>${PRINT_CSS}</style></head><body><h1>${escape(title)}</h1>${subtitle ? `<p class="subtitle">${escape(subtitle)}</p>` : ''}\n${body}</body></html>`;
}
