import { isApiError } from './api-client';
import { AppQueryClient } from './app-query-client';
import { i18n } from './i18n';

export const queryClient = new AppQueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again; network trouble and 5xx may.
      retry: (failureCount, error) =>
        !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});

// Every call sends the language (Accept-Language), and some replies are in it (the public holidays' names):
// after a switch, what is cached is read again in the new language.
i18n.on('languageChanged', () => void queryClient.invalidateQueries());
