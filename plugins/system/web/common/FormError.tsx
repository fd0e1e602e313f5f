/** The server's answer under a form (already translated; one problem per line). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid="form-error">
      {message}
    </div>
  );
}
