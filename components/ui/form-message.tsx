import { ui } from "./styles";

/** What a form says after it acts: a status when it worked, an alert when it did not. */
export type FormNotice = { ok: boolean; text: string };

/** A success shown as a green box rather than plain text (the webhook forms). */
export const SUCCESS_BOX = "rounded-lg bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100";

/** The live region under a form: announced politely, the message a status or an alert. */
export function FormMessage({
  message,
  id,
  success = "",
  className = "",
}: {
  message: FormNotice | null;
  id?: string;
  /** classes for a success (plain text by default) */
  success?: string;
  /** classes for the message either way */
  className?: string;
}) {
  return (
    <div aria-live="polite">
      {message && (
        <p
          id={id}
          role={message.ok ? "status" : "alert"}
          className={`mt-3 ${className ? `${className} ` : ""}${message.ok ? success : ui.error}`}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
