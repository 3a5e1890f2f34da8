export { PersonAvatar as MailAvatar } from '../../../components/person-avatar'
