/**
 * The header's account control: for visitors a Login button opening the login form in a popup
 * (SPEC §2: no redirect after success, the visitor stays on the page), for signed-in users a
 * profile button showing the username and Log out. A plain disclosure rather than a menu widget
 * keeps it light; the form's code loads only when the popup first opens. Escape and clicking
 * elsewhere close it. Its buttons are plain elements with the header's button look
 * (`data-button`, styled by HEADER_STYLES in Header.tsx).
 */
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Spinner } from '@chakra-ui/react';
import { useAppDispatch } from '../state/hooks.ts';
import { logOut } from '../state/logOut.ts';
import type { SessionState } from '../state/sessionSlice.ts';
import { UserIcon } from './icons.tsx';
import { useShellParts } from './shell-parts.ts';


export function LoginMenu({ session }: { session: SessionState }) {
  const { LoginForm } = useShellParts();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
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
      <div style={{ display: 'flex', gap: '0.5rem' }}>
        <RouterLink to="/accounts/profile" data-button="light" data-size="sm">
          <UserIcon />
          {session.user.credentials.username}
        </RouterLink>
        <button
          type="button"
          data-button=""
          data-size="sm"
          onClick={() => {
            void logOut(dispatch, () => navigate('/'));
          }}
        >
          Log out
        </button>
      </div>
    );
  }

  return (
    <div style={{ position: 'relative' }} ref={container}>
      <button type="button" data-button="light" data-size="sm" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((value) => !value)}>
        <UserIcon />
        Login
      </button>
      {open && (
        <Box
          id={menuId}
          role="dialog"
          aria-label="Login"
          position="absolute"
          right="0"
          mt="2"
          bg="white"
          color="gray.900"
          rounded="md"
          boxShadow="lg"
          w="sm"
          maxW="calc(100vw - 2rem)"
          p="4"
          zIndex="dropdown"
          data-testid="login-popup"
        >
          <Suspense fallback={<Spinner aria-label="Loading the login form" />}>
            <LoginForm redirect={false} onDone={() => setOpen(false)} />
          </Suspense>
        </Box>
      )}
    </div>
  );
}
