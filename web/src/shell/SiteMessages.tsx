/**
 * Everything shown between the header and the page: the read-only banner (SPEC §1), the wait
 * after a 429 (the app asks again by itself), the app's own notices (dismissable) and the public
 * warning messages with their update date.
 */
import type { ReactNode } from 'react';
import { Box, CloseButton, Flex, Stack, Text } from '@chakra-ui/react';
import { useAppDispatch, useAppSelector } from '../state/hooks.ts';
import { noticeDismissed, type NoticeKind } from '../state/messagesSlice.ts';
import { MomentTime } from '../kit/format/MomentTime.tsx';
import { rateLimitWaitText, useRateLimitWait } from './useRateLimitWait.ts';

export const READ_ONLY_BANNER_TEXT =
  'The site currently only allows viewing of records and editing is disabled. We hope to restore normal service as soon as possible. Please accept our apologies for any inconvenience.';

const NOTICE_COLOURS: Record<NoticeKind, { bg: string; border: string }> = {
  info: { bg: 'blue.50', border: 'blue.600' },
  success: { bg: 'green.50', border: 'green.600' },
  warning: { bg: 'orange.50', border: 'orange.600' },
  error: { bg: 'red.50', border: 'red.600' },
};

function Banner({ kind, children, testId }: { kind: NoticeKind; children: ReactNode; testId?: string }) {
  const colours = NOTICE_COLOURS[kind];
  return (
    <Box
      bg={colours.bg}
      borderLeftWidth="4px"
      borderColor={colours.border}
      color="gray.900"
      px="4"
      py="3"
      rounded="sm"
      data-testid={testId}
    >
      {children}
    </Box>
  );
}

export function SiteMessages() {
  const dispatch = useAppDispatch();
  const readOnly = useAppSelector((state) => state.modes.readOnly);
  const notices = useAppSelector((state) => state.messages.notices);
  const publicMessages = useAppSelector((state) => state.messages.publicMessages);
  const rateLimitSecondsLeft = useRateLimitWait();

  if (!readOnly && rateLimitSecondsLeft === null && notices.length === 0 && publicMessages.length === 0) return null;

  return (
    <Stack gap="2" px={{ base: '3', md: '6' }} pt="3" maxW="7xl" mx="auto" w="full">
      {readOnly && (
        <Banner kind="info" testId="read-only-banner">
          <Text role="status">{READ_ONLY_BANNER_TEXT}</Text>
        </Banner>
      )}
      {rateLimitSecondsLeft !== null && (
        <Banner kind="info" testId="rate-limit-wait">
          <Text role="status">{rateLimitWaitText(rateLimitSecondsLeft)}</Text>
        </Banner>
      )}
      {notices.map((notice) => (
        <Banner key={notice.id} kind={notice.kind} testId="notice">
          <Flex align="center" justify="space-between" gap="3">
            <Text role={notice.kind === 'error' ? 'alert' : 'status'}>{notice.text}</Text>
            <CloseButton size="xs" aria-label="Dismiss this message" onClick={() => dispatch(noticeDismissed(notice.id))} />
          </Flex>
        </Banner>
      ))}
      {publicMessages.map((message) => (
        <Banner key={message.id} kind="warning" testId="public-message">
          <Text fontSize="sm" fontWeight="semibold">
            <MomentTime value={message.updatedAt} />
          </Text>
          <Text>{message.message}</Text>
        </Banner>
      ))}
    </Stack>
  );
}
