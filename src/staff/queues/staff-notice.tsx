/** What a console action did, told on its screen; `conflict`: the row had changed meanwhile (a 409). */
export type Notice = { text: string; conflict?: boolean } | null;

/** The sentence after an action: read out politely when done, as an alert when the row had changed meanwhile. */
export function StaffNotice({ notice }: { notice: Notice }) {
  return (
    <>
      <div aria-live="polite">{notice && !notice.conflict && <p className="staff-notice">{notice.text}</p>}</div>
      {notice?.conflict && (
        <p className="staff-notice staff-notice-conflict" role="alert">
          {notice.text}
        </p>
      )}
    </>
  );
}
