/**
 * Two kinds of messages: the public warnings curators publish (GraphQL `messages`), shown
 * under the header, and the app's own notices (session expired, start-up failure, saves).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PublicMessage } from '@registry/schemas/web/startup-data.ts';

export type { PublicMessage };

export type NoticeKind = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
}

export interface MessagesState {
  publicMessages: PublicMessage[];
  notices: Notice[];
}

const initialState: MessagesState = { publicMessages: [], notices: [] };
let nextNoticeId = 1;

export const messagesSlice = createSlice({
  name: 'messages',
  initialState,
  reducers: {
    publicMessagesLoaded(state, action: PayloadAction<PublicMessage[]>) {
      state.publicMessages = action.payload;
    },
    noticeAdded: {
      reducer(state, action: PayloadAction<Notice>) {
        // The same text twice (e.g. two failed calls) is shown once.
        if (!state.notices.some((notice) => notice.text === action.payload.text)) {
          state.notices.push(action.payload);
        }
      },
      prepare(kind: NoticeKind, text: string) {
        return { payload: { id: nextNoticeId++, kind, text } };
      },
    },
    noticeDismissed(state, action: PayloadAction<number>) {
      state.notices = state.notices.filter((notice) => notice.id !== action.payload);
    },
  },
});

export const { publicMessagesLoaded, noticeAdded, noticeDismissed } = messagesSlice.actions;
