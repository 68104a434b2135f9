import { ChakraProvider } from '@chakra-ui/react';
import type { ActorOptions } from 'xstate';
import type { appMachine, AppInput } from '../../machines/app/app.machine';
import type { sessionMachine } from '../../machines/session/session.machine';
import { FatalErrorBoundary } from '../errors/fatal-error-boundary';
import { system } from '../theme/system';
import { AppToaster } from '../toaster';
import { AppContext, SessionContext } from './actors';
import type { NavigationBridge } from './navigation';
import { InspectContext } from './inspect';
import { NotificationBridge } from './notifications';
import { RouterHost } from './router-host';

export interface AppProps {
  /** The machines with the app's effects provided (navigation, reload). */
  sessionLogic: typeof sessionMachine;
  appLogic: typeof appMachine;
  appInput: AppInput;
  navigation: NavigationBridge;
  inspect?: ActorOptions<typeof sessionMachine>['inspect'];
}

export function App({ sessionLogic, appLogic, appInput, navigation, inspect }: AppProps) {
  return (
    <ChakraProvider value={system}>
      <FatalErrorBoundary>
        <InspectContext.Provider value={inspect}>
          <SessionContext.Provider logic={sessionLogic} options={{ inspect }}>
            <AppContext.Provider logic={appLogic} options={{ input: appInput, inspect }}>
              <NotificationBridge />
              <AppToaster />
              <RouterHost navigation={navigation} />
            </AppContext.Provider>
          </SessionContext.Provider>
        </InspectContext.Provider>
      </FatalErrorBoundary>
    </ChakraProvider>
  );
}
