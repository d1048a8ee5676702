import { createContext, useContext } from 'react';
import { SimpleForm, type SimpleFormProps } from 'react-admin';

/** Whether leaving a record's form with unsaved changes asks first: off while the form is left on purpose (saved over a conflict). */
export const AskBeforeLeaving = createContext(true);

/**
 * A record's create or edit form: leaving it with changes not saved (a link, Back, a reload, closing
 * the tab) asks first, so typed work is never dropped without a word.
 */
export function RecordForm(props: SimpleFormProps) {
  return <SimpleForm warnWhenUnsavedChanges={useContext(AskBeforeLeaving)} {...props} />;
}
