import { eventNameOf } from './texts';

/** An event by its Swedish name with its code beside it: "Validering klar (import.validated)". */
export function WebhookEventName({ type }: { type: string }) {
  const name = eventNameOf(type);
  if (!name) return <code>{type}</code>;
  return (
    <>
      {name} (<code>{type}</code>)
    </>
  );
}
