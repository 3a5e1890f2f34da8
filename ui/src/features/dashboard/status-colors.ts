export { statusColor } from '@/lib/record-colors'
