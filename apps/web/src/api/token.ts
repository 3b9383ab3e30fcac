import { localStore } from '../platform/storage';
import { createTokenStorage } from './token-storage';

/** The session token of this browser (localStorage 'chatdr.token': value and timestamp). */
export const tokenStorage = createTokenStorage(localStore());
