/**
 * The profile edit screen's e-mail preference: the hourly digest of changes to the records the
 * user watches or maintains, on or off (the digest's one-click unsubscribe link turns it off too).
 * It saves as soon as it is switched.
 */
import { useState } from 'react';
import { Box, Checkbox, Heading, Text } from '@chakra-ui/react';
import { changeMailsEnabled, setChangeMails, type AccountUser } from './account-api.ts';
import { errorMessage } from './account-paths.ts';
import { useFormAnswer } from '../kit/FormFields.tsx';
import { useWritesOff } from '../shell/WritesOff.tsx';

export function ChangeMailsPreference({ account }: { account: AccountUser }) {
  const [enabled, setEnabled] = useState(() => changeMailsEnabled(account));
  const [saving, setSaving] = useState(false);
  const answer = useFormAnswer();
  const writesOff = useWritesOff();

  async function change(next: boolean) {
    setSaving(true);
    answer.clear();
    try {
      const saved = await setChangeMails(next);
      setEnabled(saved.record_change_mails);
      answer.success(saved.message);
    } catch (error) {
      answer.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box as="section" aria-labelledby="mails-heading" borderWidth="1px" rounded="md" p="4" data-testid="change-mails">
      <Heading as="h2" id="mails-heading" size="lg" mb="3">
        E-mail notifications
      </Heading>
      <Checkbox.Root checked={enabled} disabled={saving || writesOff !== null} title={writesOff ?? undefined} onCheckedChange={(details) => void change(details.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>E-mail me when records I watch or maintain change (at most one mail an hour)</Checkbox.Label>
      </Checkbox.Root>
      <Text fontSize="sm" color="gray.700" mt="2">
        Each mail lists the records others changed and which sections, with a link to their history.
      </Text>
      {answer.shown && <Box mt="2">{answer.shown}</Box>}
    </Box>
  );
}
