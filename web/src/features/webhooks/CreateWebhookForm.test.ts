import { expect, it } from 'vitest';
import { webhookFormErrors } from './CreateWebhookForm';

it('names a missing address, one without http(s):// and no events before anything is sent', () => {
  expect(webhookFormErrors('  ', ['import.applied'])).toEqual({
    url: 'Ange mottagarens adress.',
    events: null,
  });
  expect(webhookFormErrors('erp.example.se/hooks', [])).toEqual({
    url: 'Adressen måste börja med https://.',
    events: 'Välj minst en händelse.',
  });
  // The rest (an address on the internet) is the server's to say.
  expect(webhookFormErrors('https://10.0.0.1/hooks', ['import.validated'])).toEqual({
    url: null,
    events: null,
  });
});
