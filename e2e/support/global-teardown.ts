import { stopRunningServers } from './running-servers'

export default async function globalTeardown() {
  await stopRunningServers()
}
