import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, Checkbox, Group, Menu, Modal, Stack, Tabs, TextInput } from '@mantine/core';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { IconClipboard, IconDots, IconPlus } from '@tabler/icons-react';
import type { Tab } from '@shared/schemas/tab';
import { RequestViewSelect } from '../../../components/request-view-select';
import { TabStrip } from './tab-strip';

interface TabBarProps {
  tabs: Tab[];
  current: string | null;
  /** Whether the caller may rename, share or delete a tab (its owner or a super user). */
  canModify: (tab: Tab) => boolean;
  onOpen: (tab: Tab | null) => void;
  onCreate: (name: string, shared: boolean) => Promise<void>;
  onChange: (tab: Tab, name: string, shared: boolean) => Promise<void>;
  onDelete: (tab: Tab) => void;
  onPaste: (() => void) | null;
  onAddWidget: (() => void) | null;
}

interface Editing {
  tab: Tab | null;
  name: string;
  shared: boolean;
}

/** The page's tabs (the page itself first) with their actions: create, rename and share, delete, paste a widget, add one, and the view choice. */
export const TabBar = ({ tabs, current, canModify, onOpen, onCreate, onChange, onDelete, onPaste, onAddWidget }: TabBarProps) => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const currentTab = tabs.find((tab) => tab._id === current) ?? null;

  const submit = async () => {
    if (!editing || !editing.name.trim()) return;
    setSaving(true);
    try {
      if (editing.tab) await onChange(editing.tab, editing.name.trim(), editing.shared);
      else await onCreate(editing.name.trim(), editing.shared);
      setEditing(null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="tab-bar">
      <TabStrip current={current ?? 'main'}>
        <Tabs value={current ?? 'main'} onChange={(value) => onOpen(tabs.find((tab) => tab._id === value) ?? null)} variant="outline">
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            <Tabs.Tab value="main">{t('dashboard.tabs.main')}</Tabs.Tab>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab._id} value={tab._id} data-tab-id={tab._id}>
                {tab.name}
                {tab.sharing.shared ? ` · ${t('dashboard.tabs.sharedMark')}` : ''}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </TabStrip>
      {/* On a phone the view, the add button and the menu go under the tabs rather than past the screen's edge. */}
      <Group gap={6} wrap="wrap" justify="flex-end" style={{ maxWidth: '100%' }}>
        <RequestViewSelect />
        {onAddWidget && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onAddWidget} data-testid="add-widget">
            {t('dashboard.actions.addWidget')}
          </Button>
        )}
        {onPaste && (
          <LazyTooltip label={t('dashboard.actions.paste')}>
            <ActionIcon variant="default" onClick={onPaste} aria-label={t('dashboard.actions.paste')} data-testid="paste-widget">
              <IconClipboard size={16} />
            </ActionIcon>
          </LazyTooltip>
        )}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" aria-label={t('dashboard.tabs.actions')} data-testid="tab-actions">
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setEditing({ tab: null, name: '', shared: false })}>{t('dashboard.tabs.create')}</Menu.Item>
            {currentTab && canModify(currentTab) && (
              <>
                <Menu.Item onClick={() => setEditing({ tab: currentTab, name: currentTab.name, shared: currentTab.sharing.shared })}>{t('dashboard.tabs.rename')}</Menu.Item>
                <Menu.Item color="red" onClick={() => onDelete(currentTab)}>
                  {t('dashboard.tabs.delete')}
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.tab ? t('dashboard.tabs.rename') : t('dashboard.tabs.create')}>
        <Stack>
          <TextInput
            label={t('dashboard.tabs.name')}
            value={editing?.name ?? ''}
            onChange={(event) => setEditing((state) => state && { ...state, name: event.currentTarget.value })}
            onKeyDown={(event) => event.key === 'Enter' && void submit()}
            maxLength={80}
            data-autofocus
            required
            error={editing && editing.name.length > 0 && !editing.name.trim() ? t('dashboard.tabs.nameRequired') : null}
          />
          <Checkbox
            label={t('dashboard.tabs.shared')}
            checked={editing?.shared ?? false}
            onChange={(event) => setEditing((state) => state && { ...state, shared: event.currentTarget.checked })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(null)}>
              {t('buttons.cancel')}
            </Button>
            <Button onClick={() => void submit()} loading={saving} disabled={!editing?.name.trim()}>
              {t('buttons.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
};
