import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { api, type ApiData } from '../api/typed-client.ts';

type Rules = ApiData<'/api/security/passwordRules'>;

/** The password rules in force, read from the server so the hint matches what is enforced. */
export function PasswordPolicyHint() {
  const { t } = useLingui();
  const [rules, setRules] = useState<Rules | null>(null);
  useEffect(() => {
    api.get('/api/security/passwordRules').then(setRules, () => setRules(null));
  }, []);
  if (!rules) return null;
  const classes = [rules.requireLower && t`lowercase`, rules.requireUpper && t`uppercase`, rules.requireDigit && t`digit`, rules.requireSpecial && t`special character`].filter(Boolean).join(t`, `);
  return (
    <ul className="policy-hint" data-testid="password-policy">
      <li>{t`${rules.minLength} to ${rules.maxLength} characters, no spaces`}</li>
      {classes ? <li>{t`Must contain: ${classes}`}</li> : null}
      {rules.forbidSequences ? <li>{t`No run of three consecutive letters or digits (abc, 123)`}</li> : null}
      <li>{t`Must differ from the old password`}</li>
    </ul>
  );
}
