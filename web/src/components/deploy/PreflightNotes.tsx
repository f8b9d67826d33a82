/** Problems that would stop an apply, as text that fits inside a field's note (a <p>). */
export function InlineProblems({ messages }: { messages: string[] }) {
  return (
    <>
      {messages.map((message, index) => (
        <span key={`${index}-${message}`} className="block">
          {message}
        </span>
      ))}
    </>
  );
}

/** Problems no form field fixes, shown above the steps. */
export function PreflightNotes({ messages }: { messages: string[] }) {
  if (messages.length === 0) {
    return null;
  }
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-medium">Preflight: this would be refused on apply</p>
      <ul className="mt-1 list-disc pl-5">
        {messages.map((message, index) => (
          <li key={`${index}-${message}`}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
