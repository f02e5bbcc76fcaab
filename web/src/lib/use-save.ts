import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { translate } from './i18n';
import { notify } from './notify';

export interface SaveOptions<Input, Output> {
  save: (input: Input) => Promise<Output>;
  /** The toast of a save that went through ('Reminder saved'), an i18n key. */
  savedMessage: string | ((output: Output) => string);
  /** The queries the save makes stale. */
  invalidates: QueryKey;
  /** After the toast and the refreshed lists: back to the list, most often. */
  onSaved: (output: Output) => void;
  /** The area's own reading of a refusal (its messages for its codes). */
  onError: (error: unknown) => void;
}

/** The save of a form: 'OK' with the area's message, its lists refreshed, then on. */
export const useSave = <Input, Output>({ save, savedMessage, invalidates, onSaved, onError }: SaveOptions<Input, Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (output) => {
      const message = typeof savedMessage === 'function' ? savedMessage(output) : savedMessage;
      notify({ kind: 'success', title: translate('toasts.ok'), message: translate(message) });
      await queryClient.invalidateQueries({ queryKey: invalidates });
      onSaved(output);
    },
    onError,
  });
};
