/**
 * Super curators switch read-only and maintenance mode at run time (SPEC §4). The server stores
 * the switch and every server process follows within seconds; open pages follow through the
 * app's mode watch. Maintenance locks everyone else out, so switching it on is confirmed first;
 * the switches are also on the maintenance page, where a super curator lands once it is on.
 */
import { useEffect, useState } from 'react';
import { Heading, Stack, Switch, Text } from '@chakra-ui/react';
import { useAppDispatch, useModes } from '../state/hooks.ts';
import { modesRead } from '../state/modesSlice.ts';
import { fetchSiteModes } from '../state/siteModesWatch.ts';
import { failureText } from '../api/client.ts';
import { FormAnswer, type FormAnswerState } from '../kit/FormFields.tsx';
import { ConfirmDialog } from '../kit/ConfirmDialog.tsx';
import { switchSiteModes } from './site-admin-api.ts';

type Mode = 'read_only' | 'maintenance';

const MODE_TEXT: Record<Mode, { label: string; help: string; on: string; off: string }> = {
  read_only: {
    label: 'Read-only mode',
    help: 'Everyone can read and search; every change (edits, claims, sign-ups) is refused, and a banner says so.',
    on: 'Read-only mode is on.',
    off: 'Read-only mode is off: changes are accepted again.',
  },
  maintenance: {
    label: 'Maintenance mode',
    help: 'Every page shows the maintenance notice and the API answers 503, for everyone but this switch.',
    on: 'Maintenance mode is on.',
    off: 'Maintenance mode is off: the site is open again.',
  },
};

/** The two switches, as the server reports the modes in force. */
export function SiteModeSwitches() {
  const dispatch = useAppDispatch();
  const modes = useModes();
  const [busy, setBusy] = useState<Mode | null>(null);
  const [answer, setAnswer] = useState<FormAnswerState | null>(null);
  const [confirmMaintenance, setConfirmMaintenance] = useState(false);
  // A cancelled or refused switch leaves its hidden checkbox as the click set it; a new key redraws it as the modes say.
  const [redraw, setRedraw] = useState(0);
  const state: Record<Mode, boolean> = { read_only: modes.readOnly, maintenance: modes.maintenance };

  // The switches start from the modes in force now, not from what this page last heard.
  useEffect(() => {
    fetchSiteModes().then((inForce) => dispatch(modesRead(inForce)), () => undefined);
  }, [dispatch]);

  const change = async (mode: Mode, on: boolean) => {
    setBusy(mode);
    setAnswer(null);
    try {
      const inForce = await switchSiteModes({ [mode]: on });
      dispatch(modesRead({ maintenance: inForce.maintenance, readOnly: inForce.read_only }));
      const stillOn = mode === 'maintenance' ? inForce.maintenance : inForce.read_only;
      setAnswer(
        stillOn === on
          ? { kind: 'success', text: on ? MODE_TEXT[mode].on : MODE_TEXT[mode].off }
          : { kind: 'error', text: `${MODE_TEXT[mode].label} stays on: the server's configuration sets it.` },
      );
    } catch (error) {
      setAnswer({ kind: 'error', text: failureText(error, 'The mode could not be switched; try again.') });
    } finally {
      setBusy(null);
      setConfirmMaintenance(false);
      setRedraw((count) => count + 1);
    }
  };

  return (
    <Stack gap="4" data-testid="site-mode-switches">
      {(Object.keys(MODE_TEXT) as Mode[]).map((mode) => (
        <Switch.Root
          key={`${mode}-${redraw}`}
          checked={state[mode]}
          disabled={busy !== null}
          alignItems="flex-start"
          data-testid={`switch-${mode}`}
          onCheckedChange={() => {
            if (mode === 'maintenance' && !state.maintenance) setConfirmMaintenance(true);
            else void change(mode, !state[mode]);
          }}
        >
          <Switch.HiddenInput />
          <Switch.Control mt="1">
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>
            <Text as="span" fontWeight="semibold" display="block">{MODE_TEXT[mode].label}: {state[mode] ? 'on' : 'off'}</Text>
            <Text as="span" fontWeight="normal" display="block" fontSize="sm">{MODE_TEXT[mode].help}</Text>
          </Switch.Label>
        </Switch.Root>
      ))}
      {answer && <FormAnswer kind={answer.kind}>{answer.text}</FormAnswer>}
      <ConfirmDialog
        open={confirmMaintenance}
        title="Switch maintenance mode on?"
        action="Switch maintenance on"
        busy={busy === 'maintenance'}
        onClose={() => {
          setConfirmMaintenance(false);
          setRedraw((count) => count + 1);
        }}
        onConfirm={() => void change('maintenance', true)}
      >
        <Text>Everyone else is locked out: every page shows the maintenance notice until you switch it off.</Text>
        <Text>You will see the maintenance page too; as a super curator you can switch maintenance off from there.</Text>
      </ConfirmDialog>
    </Stack>
  );
}

export function SiteModesTab() {
  return (
    <Stack gap="4" data-testid="site-modes-tab">
      <Heading as="h2" size="lg">Site modes</Heading>
      <Text>Switches take effect for every visitor and every server process within a few seconds, and stay until switched back.</Text>
      <SiteModeSwitches />
    </Stack>
  );
}
