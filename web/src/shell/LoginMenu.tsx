/**
 * The header's account control: a small Login menu (log in, create an account) for visitors,
 * or a profile button showing the username for signed-in users. A plain disclosure rather than
 * a menu widget keeps it light; Escape and clicking elsewhere close it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Flex } from '@chakra-ui/react';
import { useAppDispatch } from '../app/hooks.ts';
import { loginPathFor } from '../app/RequireLogin.tsx';
import { loggedOut, writeStoredSession, type SessionState } from '../app/sessionSlice.ts';
import { UserIcon } from './icons.tsx';

export function LoginMenu({ session, currentPath }: { session: SessionState; currentPath: string }) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    function close(event: MouseEvent | KeyboardEvent) {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !container.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    }
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (session.isLoggedIn && session.user) {
    return (
      <Flex gap="2">
        <Button asChild size="sm" bg="white" color="brand.800" _hover={{ bg: 'brand.50' }}>
          <RouterLink to="/accounts/profile">
            <UserIcon />
            {session.user.credentials.username}
          </RouterLink>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          color="white"
          _hover={{ bg: 'brand.600' }}
          onClick={() => {
            writeStoredSession(null);
            dispatch(loggedOut());
          }}
        >
          Log out
        </Button>
      </Flex>
    );
  }

  return (
    <Box position="relative" ref={container}>
      <Button
        size="sm"
        bg="white"
        color="brand.800"
        _hover={{ bg: 'brand.50' }}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <UserIcon />
        Login
      </Button>
      {open && (
        <Box
          id={menuId}
          position="absolute"
          right="0"
          mt="2"
          bg="white"
          color="gray.900"
          rounded="md"
          boxShadow="lg"
          minW="48"
          py="2"
          zIndex="dropdown"
        >
          <Box asChild display="block" px="4" py="2" _hover={{ bg: 'gray.100' }}>
            <RouterLink to={loginPathFor(currentPath)} onClick={() => setOpen(false)}>
              Log in
            </RouterLink>
          </Box>
          <Box asChild display="block" px="4" py="2" _hover={{ bg: 'gray.100' }}>
            <RouterLink to="/accounts/signup" onClick={() => setOpen(false)}>
              Create an account
            </RouterLink>
          </Box>
        </Box>
      )}
    </Box>
  );
}
