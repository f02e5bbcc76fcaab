import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, ColorSwatch, Group, Menu, Popover, Select, SimpleGrid, Stack, Tooltip } from '@mantine/core';
import { IconBold, IconCalendar, IconItalic, IconNumber, IconPalette, IconUnderline } from '@tabler/icons-react';
import { TEXT_EDITOR_COLOURS, TEXT_EDITOR_FONTS } from '@shared/widgets/text-editor-tools';
import { tokenSpan, type TextToken } from '@shared/widgets/text-tokens';
import { editorMarkupOf, storedMarkupOf } from './editor-markup';
import { insertMarkupAtSelection, restoreSelection, selectionInside } from './editor-selection';
import { DateTokenForm, ValueTokenForm } from './token-forms';
import classes from './rich-text-editor.module.css';

type Style = 'bold' | 'italic' | 'underline';
const STYLE_TOOLS: { command: Style; icon: typeof IconBold }[] = [
  { command: 'bold', icon: IconBold },
  { command: 'italic', icon: IconItalic },
  { command: 'underline', icon: IconUnderline },
];

/** Keeps the editor's caret where it is when a toolbar button is pressed. */
const keepFocus = (event: React.MouseEvent) => event.preventDefault();

/**
 * The text widget's editor: bold, italic, underline, the fixed colours and fonts (spec 1 §5), and
 * point value and date tokens. The browser's editing commands are enough for these few tools,
 * and no editor package is installed.
 */
export const RichTextEditor = ({ value, onChange }: { value: string; onChange: (html: string) => void }) => {
  const { t } = useTranslation();
  const editor = useRef<HTMLDivElement>(null);
  const caret = useRef<Range | null>(null);
  const [openForm, setOpenForm] = useState<'value' | 'date' | null>(null);

  // The editor owns its markup while typing; only a text set from elsewhere is written back into it.
  useEffect(() => {
    if (editor.current && storedMarkupOf(editor.current.innerHTML) !== value) editor.current.innerHTML = editorMarkupOf(value);
  }, [value]);

  const publish = () => {
    if (editor.current) onChange(storedMarkupOf(editor.current.innerHTML));
  };
  const rememberCaret = () => {
    if (editor.current) caret.current = selectionInside(editor.current) ?? caret.current;
  };
  const run = (command: string, argument?: string) => {
    if (!editor.current) return;
    restoreSelection(editor.current, caret.current);
    document.execCommand('styleWithCSS', false, 'true');
    document.execCommand(command, false, argument);
    rememberCaret();
    publish();
  };
  const insertToken = (token: TextToken) => {
    if (!editor.current) return;
    insertMarkupAtSelection(editor.current, caret.current, editorMarkupOf(tokenSpan(token)));
    rememberCaret();
    setOpenForm(null);
    publish();
  };

  return (
    <Stack gap="xs">
      <Group gap={4}>
        {STYLE_TOOLS.map(({ command, icon: Icon }) => (
          <Tooltip key={command} label={t(`widgetDialog.labels.${command}`)}>
            <ActionIcon variant="default" onMouseDown={keepFocus} onClick={() => run(command)} aria-label={t(`widgetDialog.labels.${command}`)}>
              <Icon size={16} />
            </ActionIcon>
          </Tooltip>
        ))}
        <Menu position="bottom-start">
          <Menu.Target>
            <ActionIcon variant="default" onMouseDown={keepFocus} aria-label={t('widgetDialog.labels.textColour')}>
              <IconPalette size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <SimpleGrid cols={8} spacing={4} p={4}>
              {TEXT_EDITOR_COLOURS.map((colour) => (
                <ColorSwatch key={colour} color={colour} size={20} component="button" type="button" aria-label={colour} onClick={() => run('foreColor', colour)} />
              ))}
            </SimpleGrid>
          </Menu.Dropdown>
        </Menu>
        <Select
          size="xs"
          w={160}
          placeholder={t('widgetDialog.labels.font')}
          aria-label={t('widgetDialog.labels.font')}
          data={[...TEXT_EDITOR_FONTS]}
          value={null}
          onChange={(font) => font && run('fontName', font)}
        />
        <Popover opened={openForm === 'value'} onChange={(opened) => setOpenForm(opened ? 'value' : null)} trapFocus>
          <Popover.Target>
            <Button size="xs" variant="light" leftSection={<IconNumber size={14} />} onMouseDown={keepFocus} onClick={() => setOpenForm(openForm === 'value' ? null : 'value')}>
              {t('widgetDialog.buttons.insertValue')}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <ValueTokenForm onInsert={insertToken} />
          </Popover.Dropdown>
        </Popover>
        <Popover opened={openForm === 'date'} onChange={(opened) => setOpenForm(opened ? 'date' : null)} trapFocus>
          <Popover.Target>
            <Button size="xs" variant="light" leftSection={<IconCalendar size={14} />} onMouseDown={keepFocus} onClick={() => setOpenForm(openForm === 'date' ? null : 'date')}>
              {t('widgetDialog.buttons.insertDate')}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <DateTokenForm onInsert={insertToken} />
          </Popover.Dropdown>
        </Popover>
      </Group>
      <div
        ref={editor}
        className={classes.editor}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={t('widgetDialog.sections.text')}
        onInput={publish}
        onKeyUp={rememberCaret}
        onMouseUp={rememberCaret}
        onBlur={rememberCaret}
        data-testid="widget-text-editor"
      />
    </Stack>
  );
};
