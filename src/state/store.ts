// The jotai store the whole app uses (the default store), for actions that run outside React.
import { getDefaultStore } from 'jotai';

export const store = getDefaultStore();
