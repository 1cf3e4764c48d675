/**
 * The state of an entity's form screen: a Mantine form checked by the domain's Zod schema, saving with the
 * toasts of SPEC §8 ('Gespeichert!' / 'Angelegt!' 3 s, 'Fehler beim Speichern!' 8 s, the server's field
 * reasons under the fields), a stale version (409 CONFLICT) answered with 'Neu laden' / 'Meine Eingaben
 * behalten', the form marked clean after a save, and a question before unsaved input is lost.
 */
import type { UseFormReturnType } from '@mantine/form';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { notifyError, notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useUnsavedChangesGuard } from './use-unsaved-guard';

/** A save met a newer version on the server (other 409s, like a taken url, are ordinary failures). */
export const isStaleVersion = (error: unknown) =>
  isApiError(error) && error.status === 409 && error.code === 'CONFLICT';

export interface EntityEditorOptions<Values extends object, Saved> {
  /** Checks the form (the domain's write schema, or the form's own around it). */
  schema: z.ZodType;
  initialValues: Values;
  /** The save itself: create or update (a mutation's mutateAsync). */
  save: (values: Values) => Promise<Saved>;
  /** The form's values for a record as saved: applied after a save and on 'Neu laden'. */
  toValues: (saved: Saved) => Values;
  /** A new record: 'Angelegt!' instead of 'Gespeichert!'. */
  isNew?: boolean;
  /** Reads the record as it is now; with it a stale version opens the conflict dialog. */
  fetchLatest?: () => Promise<Saved>;
  /** 'Meine Eingaben behalten': takes the newer version marker. Default: the form's __v from the record's __v. */
  adoptVersion?: (latest: Saved, form: UseFormReturnType<Values>) => void;
  /** After a successful save (and its toast): leave a new record's 'new' address, for example. */
  onSaved?: (saved: Saved) => void;
  /** A failed save, before the toast (a 409 of the conflict dialog excepted). */
  onSaveError?: (error: unknown) => void;
  /** Nothing to save: no guard. */
  readOnly?: boolean;
  /**
   * A refused check also says 'Fehler beim Speichern!' in a toast. Off by default: the fields say it and the
   * first of them gets the focus, and the toast would stand over the save bar's button.
   */
  toastInvalid?: boolean;
}

export function useEntityEditor<Values extends object, Saved>(options: EntityEditorOptions<Values, Saved>) {
  const { t } = useTranslation();
  const form = useZodForm<Values>(options.schema, { initialValues: options.initialValues });
  const [saving, setSaving] = useState(false);
  /** The save under way, if any. */
  const busy = useRef<Promise<Saved | null> | null>(null);
  const [conflictOpened, setConflictOpened] = useState(false);
  const [conflictBusy, setConflictBusy] = useState(false);

  const dirty = !options.readOnly && form.isDirty();
  useUnsavedChangesGuard(dirty);

  /** The form shows the record as saved, and counts as unchanged. */
  const apply = (saved: Saved) => {
    const values = options.toValues(saved);
    form.setValues(values);
    form.setInitialValues(values);
    form.resetDirty(values);
  };

  const adoptVersion =
    options.adoptVersion ??
    ((latest: Saved) => {
      const version = (latest as { __v?: unknown }).__v;
      if (typeof version === 'number') form.setFieldValue('__v' as never, version as never);
    });

  /**
   * Checks and saves the form; the saved record, or null when the form or the server refused (the user has
   * been told). `toast: false` leaves the success toast to the caller (a save that is one step of more).
   */
  const save = async ({ toast = true }: { toast?: boolean } = {}): Promise<Saved | null> => {
    // A save under way is waited for, not dropped: a step that saves first (a take-over, say) goes on with its
    // answer; what was typed meanwhile is saved after it.
    const running = busy.current;
    if (running) {
      const previous = await running;
      if (!previous || !form.isDirty()) return previous;
      if (busy.current) return save({ toast });
    }
    const next = saveNow(toast);
    busy.current = next;
    try {
      return await next;
    } finally {
      if (busy.current === next) busy.current = null;
    }
  };

  const saveNow = async (toast: boolean): Promise<Saved | null> => {
    const check = form.validate();
    if (check.hasErrors) {
      const first = Object.keys(check.errors)[0];
      if (first) form.getInputNode(first as never)?.focus();
      if (options.toastInvalid) notifyError(t('errors.VALIDATION'), t('common.toast.saveFailed'));
      return null;
    }
    setSaving(true);
    try {
      const saved = await options.save(form.getValues());
      apply(saved);
      if (toast) notifySuccess(options.isNew ? 'created' : 'saved');
      options.onSaved?.(saved);
      return saved;
    } catch (error) {
      if (options.fetchLatest && isStaleVersion(error)) {
        setConflictOpened(true);
        return null;
      }
      options.onSaveError?.(error);
      applyServerErrors(form, error);
      notifySaveFailed(error);
      return null;
    } finally {
      setSaving(false);
    }
  };

  const resolveConflict = async (mode: 'reload' | 'keep') => {
    if (!options.fetchLatest) return;
    setConflictBusy(true);
    try {
      const latest = await options.fetchLatest();
      if (mode === 'reload') {
        apply(latest);
        form.clearErrors();
      } else {
        adoptVersion(latest, form);
      }
      setConflictOpened(false);
    } catch (error) {
      notifyError(errorText(t, error));
    } finally {
      setConflictBusy(false);
    }
  };

  return {
    form,
    /** Input differs from what was loaded or last saved. */
    dirty,
    saving,
    isNew: !!options.isNew,
    readOnly: !!options.readOnly,
    /** The form's onSubmit. */
    submit: (event?: FormEvent) => {
      event?.preventDefault();
      void save();
    },
    save,
    /** Shows a record as it now is (changed elsewhere on the screen) and counts the form as unchanged. */
    reset: apply,
    /** Props of the ConflictDialog. */
    conflict: {
      opened: conflictOpened,
      busy: conflictBusy,
      onReload: () => void resolveConflict('reload'),
      onKeep: () => void resolveConflict('keep'),
    },
  };
}

export type EntityEditor<Values extends object, Saved = unknown> = ReturnType<typeof useEntityEditor<Values, Saved>>;
