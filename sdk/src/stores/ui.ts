import { proxy } from 'valtio';

/** Lock flag '0'/'1' in local storage, with the page to return to (spec 000 §4 "Lock"). */
const LOCK_KEY = 'lockFlag';
const LOCK_PAGE_KEY = 'lockLastPage';
const THEME_KEY = 'fmea.theme';

export const THEMES = ['base', 'times', 'acidRock', 'blue'] as const;
export type Theme = (typeof THEMES)[number];

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage disabled
  }
}

export const ui = proxy({
  lockFlag: (read(LOCK_KEY) === '1' ? '1' : '0') as '0' | '1',
  /** isEditBaseInfo-style flag: '1' while some page has unsaved edits, '2' otherwise. */
  editFlag: '2' as '1' | '2',
  /** Bottom progress bar for long server jobs (receiveProgressInfo); `waiting` while an import waits for a free slot on the server. */
  progress: { visible: false, value: 0, text: '', waiting: false },
  /** Top bar while a route or chunk loads. */
  navigating: false,
  theme: ((THEMES as readonly string[]).includes(read(THEME_KEY) ?? '') ? read(THEME_KEY) : 'base') as Theme,
});

export function lock(lastPage: string): void {
  ui.lockFlag = '1';
  write(LOCK_KEY, '1');
  write(LOCK_PAGE_KEY, lastPage);
}

export function unlock(): string {
  ui.lockFlag = '0';
  write(LOCK_KEY, '0');
  const page = read(LOCK_PAGE_KEY) ?? '/main/homeIndex';
  write(LOCK_PAGE_KEY, null);
  return page;
}

export function setTheme(theme: Theme): void {
  ui.theme = theme;
  write(THEME_KEY, theme);
  document.documentElement.dataset.theme = theme;
}

/** How many mounted pages or dialogs hold unsaved edits; the flag is '1' while any does. */
let dirtyCount = 0;

export function setEditing(editing: boolean): void {
  ui.editFlag = editing ? '1' : '2';
  if (!editing) dirtyCount = 0;
}

/** Registers one dirty holder; returns its release. */
export function holdEditing(): () => void {
  dirtyCount += 1;
  ui.editFlag = '1';
  let released = false;
  return () => {
    if (released) return;
    released = true;
    dirtyCount = Math.max(0, dirtyCount - 1);
    if (dirtyCount === 0) ui.editFlag = '2';
  };
}
