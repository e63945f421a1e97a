/**
 * One section of the record editor (SPEC §2, §4): its title, how many changes it holds, its own
 * save button and its own message — "Record successfully updated!" or the error of that save.
 */
import { Alert, Badge, Box, Button, Heading, HStack, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SectionOutcome {
  kind: 'success' | 'error';
  message: string;
}

interface EditSectionProps {
  id: string;
  title: string;
  changes: number;
  saving: boolean;
  outcome: SectionOutcome | null;
  /** Absent for sections whose changes are saved at once, call by call. */
  onSave?(): void;
  canSave?: boolean;
  children: ReactNode;
}

export function EditSection({ id, title, changes, saving, outcome, onSave, canSave = true, children }: EditSectionProps) {
  return (
    <Box as="section" aria-labelledby={`${id}-title`} borderWidth="1px" borderRadius="md" p={{ base: '3', md: '5' }} data-testid={`section-${id}`}>
      <HStack justify="space-between" mb="4" wrap="wrap" gap="2">
        <HStack gap="2">
          <Heading as="h2" size="md" id={`${id}-title`}>
            {title}
          </Heading>
          {changes > 0 && (
            <Badge colorPalette="orange" data-testid={`changes-${id}`}>
              {changes} {changes === 1 ? 'change' : 'changes'}
            </Badge>
          )}
        </HStack>
        {onSave && (
          <Button colorPalette="brand" onClick={onSave} loading={saving} disabled={changes === 0 || !canSave} data-testid={`save-${id}`}>
            Save {title.toLowerCase()}
          </Button>
        )}
      </HStack>
      <Stack gap="4">{children}</Stack>
      <SectionMessage id={id} outcome={outcome} />
    </Box>
  );
}

/** A section's message area: the success or error of its last save. */
export function SectionMessage({ id, outcome }: { id: string; outcome: SectionOutcome | null }) {
  if (!outcome) return null;
  return (
    <Alert.Root status={outcome.kind} mt="4" data-testid={`outcome-${id}`}>
      <Alert.Indicator />
      <Alert.Title>{outcome.message}</Alert.Title>
    </Alert.Root>
  );
}
