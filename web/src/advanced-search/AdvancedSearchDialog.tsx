/**
 * The full-screen advanced search dialog (SPEC §2). Esc and Close close it; on /advancedsearch
 * without a search closing goes to the home page (on its results it uncovers them). Proceed
 * opens the result route.
 */
import { Box, Button, CloseButton, Dialog, Field, Flex, Input, Link, Portal, Stack, Text, Tooltip } from '@chakra-ui/react';
import { Formik, type FormikProps } from 'formik';
import { useMemo } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import {
  ADVANCED_SEARCH_PATH,
  advancedSearchLocation,
  canProceed,
  emptyAdvancedSearchForm,
  hasAdvancedSearch,
  parseAdvancedSearchLocation,
  whereToForm,
  type AdvancedSearchFormValues,
} from './advanced-search-form.ts';
import { advancedSearchSchema } from './advanced-search-schema.ts';
import { OperatorSelect } from './OperatorSelect.tsx';
import { QueryGroup } from './QueryGroup.tsx';

export const SEARCH_TEXT_TOOLTIP =
  'Text will be searched against record fields such as name, abbreviation, description, tags, etc. Then, the results of that search will be filtered by the filters you have specified below.';

export interface AdvancedSearchDialogProps {
  isOpen: boolean;
  onClose(): void;
}

function DialogForm({ formik, onCancel }: { formik: FormikProps<AdvancedSearchFormValues>; onCancel(): void }) {
  const { values, setFieldValue } = formik;
  const ready = formik.isValid && canProceed(values);
  return (
    <form
      onSubmit={formik.handleSubmit}
      style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
      aria-label="Advanced search"
      noValidate
    >
      <Dialog.Body>
        <Stack gap="5" maxW="5xl" mx="auto">
          <Field.Root>
            <Flex align="center" gap="2">
              <Field.Label fontWeight="semibold">Add Search text</Field.Label>
              <Tooltip.Root openDelay={100} positioning={{ placement: 'bottom-start' }}>
                <Tooltip.Trigger asChild>
                  <Button size="2xs" variant="outline" borderRadius="full" aria-label="About the search text" data-testid="search-text-help">
                    ?
                  </Button>
                </Tooltip.Trigger>
                <Tooltip.Positioner>
                  <Tooltip.Content maxW="sm" data-testid="search-text-tooltip">
                    {SEARCH_TEXT_TOOLTIP}
                  </Tooltip.Content>
                </Tooltip.Positioner>
              </Tooltip.Root>
            </Flex>
            <Input name="q" value={values.q} onChange={formik.handleChange} data-testid="advanced-search-text" />
            <Field.HelperText srOnly>{SEARCH_TEXT_TOOLTIP}</Field.HelperText>
          </Field.Root>
          <Flex gap="3" align="flex-end" wrap="wrap">
            <OperatorSelect
              label="Combine the groups with"
              value={values.operator}
              onChange={(operator) => void setFieldValue('operator', operator)}
            />
            <Button size="sm" variant="outline" onClick={() => void setFieldValue('groups', [...values.groups, { operator: '_and', rules: [] }])}>
              Add group
            </Button>
          </Flex>
          {values.groups.map((group, index) => (
            <QueryGroup
              key={index}
              index={index}
              group={group}
              canRemove={values.groups.length > 1}
              onChange={(next) => void setFieldValue('groups', values.groups.map((current, position) => (position === index ? next : current)))}
              onRemove={() => void setFieldValue('groups', values.groups.filter((_, position) => position !== index))}
            />
          ))}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer borderTopWidth="1px" flexWrap="wrap" gap="3">
        <Text fontSize="sm" me="auto">
          How the filters combine:{' '}
          <Link asChild color="blue.700" textDecoration="underline">
            <RouterLink to="/API_doc">advanced search documentation</RouterLink>
          </Link>
        </Text>
        {!ready ? (
          <Text fontSize="sm" color="fg.muted" id="proceed-hint">
            Give every rule a value to proceed.
          </Text>
        ) : null}
        <Button variant="outline" onClick={onCancel}>
          Close
        </Button>
        <Button type="submit" colorPalette="blue" disabled={!ready} aria-describedby={ready ? undefined : 'proceed-hint'}>
          Proceed
        </Button>
      </Dialog.Footer>
    </form>
  );
}

export function AdvancedSearchDialog({ isOpen, onClose }: AdvancedSearchDialogProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const onResultRoute = location.pathname.toLowerCase() === ADVANCED_SEARCH_PATH;
  // Pre-filled from the URL on the result route, empty elsewhere.
  const initialValues = useMemo(() => {
    if (!onResultRoute) return emptyAdvancedSearchForm();
    const parsed = parseAdvancedSearchLocation(location.search);
    return whereToForm(parsed.q, parsed.where);
  }, [onResultRoute, location.search]);

  const close = () => {
    onClose();
    if (onResultRoute && !hasAdvancedSearch(location.search)) navigate('/');
  };

  return (
    <Dialog.Root
      open={isOpen}
      onOpenChange={(details) => {
        if (!details.open) close();
      }}
      size="full"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="advanced-search-dialog">
            <Dialog.Header borderBottomWidth="1px">
              <Dialog.Title>Advanced search</Dialog.Title>
            </Dialog.Header>
            <Box display="flex" flexDirection="column" flex="1" minH="0">
              <Formik<AdvancedSearchFormValues>
                initialValues={initialValues}
                enableReinitialize
                validationSchema={advancedSearchSchema}
                validateOnMount
                onSubmit={(values) => {
                  onClose();
                  navigate(advancedSearchLocation(values));
                }}
              >
                {(formik) => <DialogForm formik={formik} onCancel={close} />}
              </Formik>
            </Box>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close advanced search" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
