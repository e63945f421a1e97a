/** Site-wide modes switched by the server (SPEC §4) and the state of the start-up sequence. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type StartupStatus = 'pending' | 'ready' | 'failed';

export interface ModesState {
  maintenance: boolean;
  readOnly: boolean;
  startup: StartupStatus;
}

const initialState: ModesState = { maintenance: false, readOnly: false, startup: 'pending' };

export const modesSlice = createSlice({
  name: 'modes',
  initialState,
  reducers: {
    maintenanceDetected(state) {
      state.maintenance = true;
    },
    readOnlyDetected(state) {
      state.readOnly = true;
    },
    /** The modes in force as the server reports them (GET /api/site_modes): switched off as well as on. */
    modesRead(state, action: PayloadAction<{ maintenance: boolean; readOnly: boolean }>) {
      state.maintenance = action.payload.maintenance;
      state.readOnly = action.payload.readOnly;
    },
    startupFinished(state, action: PayloadAction<StartupStatus>) {
      state.startup = action.payload;
    },
  },
});

export const { maintenanceDetected, readOnlyDetected, modesRead, startupFinished } = modesSlice.actions;
