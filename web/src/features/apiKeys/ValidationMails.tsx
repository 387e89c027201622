import { type FormEvent, useEffect, useState } from 'react';
import { useGetValidationMailsQuery, useSetValidationMailsMutation } from './api';
import { apiKeyTexts } from './texts';

/**
 * Whether the user gets a mail when a validation ends (after a long one, or one a program with
 * their key asked for). Here, beside the keys that make scripted uploads (decision 0035).
 */
export function ValidationMails() {
  const texts = apiKeyTexts.mails;
  const { data } = useGetValidationMailsQuery();
  const [save, saving] = useSetValidationMailsMutation();
  const [on, setOn] = useState(true);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  useEffect(() => {
    if (data) setOn(data.validationMails);
  }, [data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const saved = await save({ validationMails: on }).unwrap();
      setMessage({ text: texts.saved(saved.validationMails), error: false });
    } catch {
      setMessage({ text: texts.failed, error: true });
    }
  };

  return (
    <section aria-labelledby="validation-mails-heading">
      <h2 id="validation-mails-heading">{texts.heading}</h2>
      <p>{texts.intro}</p>
      <form onSubmit={submit} noValidate>
        <div className="field field--checkbox">
          <input
            id="validation-mails"
            type="checkbox"
            checked={on}
            disabled={!data}
            onChange={(event) => {
              setOn(event.target.checked);
              setMessage(null);
            }}
          />
          <label htmlFor="validation-mails">{texts.label}</label>
        </div>
        <button type="submit" disabled={!data} aria-busy={saving.isLoading}>
          {texts.save}
        </button>
      </form>
      <p role="status" className={message?.error ? 'banner error' : undefined}>
        {message?.text}
      </p>
    </section>
  );
}
