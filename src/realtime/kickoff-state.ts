/** The kick-off dialog's state: set when the server says this account signed in elsewhere. */
import { proxy } from 'valtio';

export const kickoffState = proxy({
  /** The dialog is open. */
  open: false,
  /** Where "Sign in again" leads: the member or the broadcaster login page. */
  loginPage: '',
});
