import { Alert, Button, HStack } from '@chakra-ui/react';
import { useBlocker } from 'react-router-dom';
import { useWarnBeforeUnload } from '../app/warn-before-unload';

/** While a save is pending, leaving the page (in the app or the browser) asks first. */
export function LeaveGuard({ saving }: { saving: boolean }) {
  const blocker = useBlocker(saving);
  useWarnBeforeUnload(saving);
  if (blocker.state !== 'blocked') return null;
  return (
    <Alert.Root status="warning" data-testid="leave-warning">
      <Alert.Content>
        <Alert.Title>Changes are still being saved. Leave anyway?</Alert.Title>
        <HStack mt="1">
          <Button size="xs" onClick={() => blocker.reset()}>
            Stay
          </Button>
          <Button size="xs" variant="outline" onClick={() => blocker.proceed()}>
            Leave
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
