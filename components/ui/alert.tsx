import { ui } from "./styles";

/** A form's failure, announced at once by screen readers; the region is there before the message. */
export function Alert({ message }: { message: string | null | undefined }) {
  return (
    <div aria-live="assertive">
      {message && (
        <p role="alert" className={`mt-4 ${ui.error}`}>
          {message}
        </p>
      )}
    </div>
  );
}
