// Mounted after the first render (provider.tsx): the toasts' code and styles are not needed before there is one.
import '@mantine/notifications/styles.layer.css';

export { Notifications as default } from '@mantine/notifications';
