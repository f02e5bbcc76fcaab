import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import type { Report } from '@shared/schemas/report';
import { notifyGenericFailure } from '../../../lib/notify';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { createReport } from '../api/reports';

interface AddReportModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (report: Report) => void;
}

const AddReportForm = ({ onClose, onCreated }: Omit<AddReportModalProps, 'opened'>) => {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { name: t('reports.add.defaultName') },
    validate: { name: (value) => (value.trim() ? null : t('reports.add.nameRequired')) },
  });
  const create = useMutation({ mutationFn: (name: string) => createReport(name), onSuccess: onCreated, onError: notifyGenericFailure });
  return (
    <form onSubmit={form.onSubmit(({ name }) => create.mutate(name.trim()))} noValidate>
      <Stack>
        <TextInput label={t('reports.add.name')} required maxLength={200} data-autofocus data-testid="report-name-input" {...form.getInputProps('name')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('buttons.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="report-create-submit">
            {t('reports.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** 'Add a report' (spec 1 §2.3): a required Title, 'New Report' to start with; Cancel and 'Create report'. */
export const AddReportModal = ({ opened, ...props }: AddReportModalProps) => {
  const { t } = useTranslation();
  useReturnFocus(opened);
  return (
    <Modal opened={opened} onClose={props.onClose} title={t('reports.add.title')}>
      {opened && <AddReportForm {...props} />}
    </Modal>
  );
};
