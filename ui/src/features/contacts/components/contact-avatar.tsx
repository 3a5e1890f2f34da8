export { PersonAvatar as ContactAvatar } from '../../../components/person-avatar'
