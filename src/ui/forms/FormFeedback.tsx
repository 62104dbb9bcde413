import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';

/**
 * A form's outcome: the error in red (announced as an alert), good news in teal (a status). Errors may hold several
 * lines (field errors, one per line). Shows nothing when both are null.
 */
export function FormFeedback({ error, notice }: { error: string | null; notice: string | null }) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
          {error}
        </Alert>
      )}
      {notice && (
        <Alert color="teal" role="status">
          {notice}
        </Alert>
      )}
    </>
  );
}
