/**
 * Side drawer for small screens (SPEC §2): the header's buttons in a column. Its Login goes to
 * /accounts/login with goTo set to the current path; signed-in users get their profile and Log out.
 */
import { Link as RouterLink, useNavigate } from 'react-router';
import { Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { useAppDispatch, useSession } from '../state/hooks.ts';
import { logOut } from '../state/logOut.ts';
import { loginPathFor } from '../state/login-redirect.ts';
import { NAVIGATION_LINKS } from './navigation.ts';

export interface NavDrawerProps {
  open: boolean;
  onClose(): void;
  onAdvancedSearch(): void;
  currentPath: string;
}

/** A menu button that closes the drawer, then acts. */
function MenuAction({ label, onClose, act }: { label: string; onClose(): void; act(): void }) {
  return (
    <Button
      variant="outline"
      justifyContent="flex-start"
      onClick={() => {
        onClose();
        act();
      }}
    >
      {label}
    </Button>
  );
}

export function NavDrawer({ open, onClose, onAdvancedSearch, currentPath }: NavDrawerProps) {
  const session = useSession();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <Drawer.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="nav-drawer">
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label="Site menu" gap="1">
                {session.isLoggedIn && session.user ? (
                  <>
                    <Button asChild variant="solid" colorPalette="brand" justifyContent="flex-start" onClick={onClose}>
                      <RouterLink to="/accounts/profile">{session.user.credentials.username}</RouterLink>
                    </Button>
                    <MenuAction label="Log out" onClose={onClose} act={() => void logOut(dispatch, () => navigate('/'))} />
                  </>
                ) : (
                  <Button asChild variant="solid" colorPalette="brand" justifyContent="flex-start" onClick={onClose}>
                    <RouterLink to={loginPathFor(currentPath)}>Login</RouterLink>
                  </Button>
                )}
                {NAVIGATION_LINKS.map((link) => (
                  <Button key={link.to} asChild variant="ghost" justifyContent="flex-start" onClick={onClose}>
                    <RouterLink to={link.to}>{link.label}</RouterLink>
                  </Button>
                ))}
                <MenuAction label="Advanced Search" onClose={onClose} act={onAdvancedSearch} />
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close the menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
