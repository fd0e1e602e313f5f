// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { useState } from 'react';
import { ApiError } from '../api/client.ts';
import { api } from '../api/typed-client.ts';
import { activateLocale, i18n } from '../i18n/index.ts';
import { refreshAppInfo } from '../shell/app-info.ts';
import { TranslateButton } from './TranslateButton.tsx';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await activateLocale('en-US');
});

/** The app info as the server answers it, with the translation service on or off. */
async function serviceOn(on: boolean) {
  vi.spyOn(api, 'post').mockResolvedValue({ sysName: '', sysNameEn: '', sysLogoUrl: null, translation: on } as never);
  await refreshAppInfo();
}

function NamePair({ name }: { name: string }) {
  const [enName, setEnName] = useState('');
  return (
    <I18nProvider i18n={i18n}>
      <input aria-label="English name" value={enName} onChange={(e) => setEnName(e.target.value)} />
      <TranslateButton source={name} onTranslated={setEnName} />
    </I18nProvider>
  );
}

const enName = () => (screen.getByLabelText('English name') as HTMLInputElement).value;
async function press() {
  await act(async () => {
    fireEvent.click(screen.getByTestId('translate'));
  });
}

describe('TranslateButton', () => {
  it('is not offered while the translation service is off', async () => {
    await activateLocale('en-US');
    await serviceOn(false);
    render(<NamePair name="密封" />);
    expect(screen.queryByTestId('translate')).toBeNull();
  });

  it('fills the English field from the Chinese one through the translation call', async () => {
    await activateLocale('en-US');
    await serviceOn(true);
    const get = vi.spyOn(api, 'get').mockResolvedValue({ result: 'Seal' } as never);
    render(<NamePair name=" 密封 " />);
    await press();
    expect(get).toHaveBeenCalledWith('/api/translation/translation', { desc: '密封', target: 'en-US' });
    expect(enName()).toBe('Seal');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says an empty source in the user language without calling the server', async () => {
    await activateLocale('zh-CN');
    await serviceOn(true);
    const get = vi.spyOn(api, 'get');
    render(<NamePair name="  " />);
    await press();
    expect(get).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('翻译内容不能为空');
    expect(enName()).toBe('');
  });

  it('shows the server refusal as it is, and its own words when the server cannot be reached; the field stays', async () => {
    await activateLocale('en-US');
    await serviceOn(true);
    const get = vi.spyOn(api, 'get').mockRejectedValueOnce(new ApiError('Translation is not switched on', 409, 409, null));
    render(<NamePair name="密封" />);
    await press();
    expect(screen.getByRole('alert').textContent).toBe('Translation is not switched on');
    get.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await press();
    expect(screen.getByRole('alert').textContent).toBe('Translation went wrong; try again later');
    expect(enName()).toBe('');
  });
});
