// Mounted after the first render (provider.tsx): the toasts' code and styles are not needed before there is one.
import '@mantine/notifications/styles.layer.css';
import { Notifications, type NotificationsProps } from '@mantine/notifications';
import classes from './notifications.module.css';

export default function AppNotifications(props: NotificationsProps) {
  return <Notifications classNames={{ root: classes.root }} {...props} />;
}
