// The staff module's public face for other modules: the chat's socket checks a console's session.
export { openStaffSessionById } from './session.js';
