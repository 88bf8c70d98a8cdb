/** The longest message of a dispute's conversation (docs/operator-guide.md, "Conversation"); the page counts it before the server checks it. */
export const MAX_MESSAGE_LENGTH = 2000;
