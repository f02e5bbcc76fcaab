import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { RequestView } from '@shared/permissions/request-view';
import { rememberRequestView, requestViewOf } from '../lib/request-view';
import { identityOf, useLoginPayload } from '../lib/session';

/**
 * The view lists of owned objects are read with (spec 1 §3.5): my and shared, shared, mine; for
 * root also all, the customer's, or one user's. Remembered per user; lists reload on change.
 */
export const RequestViewSelect = () => {
  const { t } = useTranslation();
  const payload = useLoginPayload();
  const queryClient = useQueryClient();
  const identity = identityOf(payload);
  const [view, setView] = useState<RequestView>(() => requestViewOf(payload.user._id, identity));
  const options = [
    { value: 'my_and_shared', label: t('labels.requestView.my_and_shared') },
    { value: 'shared', label: t('labels.requestView.shared') },
    { value: 'my', label: t('labels.requestView.my') },
    ...(identity.isRoot
      ? [
          { value: 'all', label: t('labels.requestView.all') },
          { value: 'customer', label: t('labels.requestView.customer') },
          ...payload.customer_users.map((user) => ({ value: `user:${user._id}`, label: t('labels.requestView.user', { name: `${user.first_name} ${user.last_name}` }) })),
        ]
      : []),
  ];
  return (
    <Select
      size="xs"
      w={200}
      data={options}
      value={view}
      allowDeselect={false}
      aria-label={t('labels.requestView.label')}
      data-testid="request-view"
      onChange={(value) => {
        if (!value) return;
        rememberRequestView(payload.user._id, value as RequestView);
        setView(value as RequestView);
        void queryClient.invalidateQueries();
      }}
    />
  );
};
