/** The profile edit page's account deletion, after the browser's confirmation. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { WriteControl } from '../shell/WritesOff.tsx';
import { useAppDispatch } from '../state/hooks.ts';
import { noticeAdded } from '../state/messagesSlice.ts';
import { endSession } from '../state/sessionSlice.ts';
import { FormAnswer } from '../kit/FormFields.tsx';
import { DELETE_SUCCESS_MESSAGE, deleteOwnAccount } from './account-api.ts';
import { errorMessage } from './account-paths.ts';

export function DeleteAccount() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  async function remove() {
    if (!window.confirm('Delete your account? Your personal data is removed; this cannot be undone.')) return;
    try {
      await deleteOwnAccount();
      await navigate('/');
      endSession(dispatch);
      dispatch(noticeAdded('success', DELETE_SUCCESS_MESSAGE));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }
  return (
    <Box as="section" aria-labelledby="delete-heading" borderWidth="1px" borderColor="red.300" rounded="md" p="4">
      <Heading as="h2" id="delete-heading" size="lg" mb="2">
        Delete your account
      </Heading>
      <Text mb="3">Your personal data is removed. Records you edited keep your changes under a “deleted user”.</Text>
      {failure && <FormAnswer kind="error">{failure}</FormAnswer>}
      <WriteControl>
        <Button colorPalette="red" variant="outline" onClick={() => void remove()}>
          Delete my account
        </Button>
      </WriteControl>
    </Box>
  );
}
