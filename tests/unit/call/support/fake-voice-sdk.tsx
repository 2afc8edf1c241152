/**
 * The parts of @elevenlabs/react the call engine uses, faked at the module's edge. A test file
 * installs it with
 *   jest.mock("@elevenlabs/react", () => jest.requireActual("./support/fake-voice-sdk"));
 * and reads what the page did through `sdk`: the callbacks it registered and jest.fn controls.
 */
import { useEffect, type ReactNode } from "react";
import type { HookCallbacks } from "@elevenlabs/react";

export const sdk = {
  callbacks: null as HookCallbacks | null,
  startSession: jest.fn(),
  endSession: jest.fn(),
  sendUserMessage: jest.fn(),
  getInputVolume: jest.fn(() => 0),
  setMuted: jest.fn(),
  sendFeedback: jest.fn(),
};

// Stable objects, as the SDK's own hooks return.
const controls = { startSession: sdk.startSession, endSession: sdk.endSession, sendUserMessage: sdk.sendUserMessage, getInputVolume: sdk.getInputVolume };
const input = { setMuted: sdk.setMuted };
const feedback = { sendFeedback: sdk.sendFeedback };

export function ConversationProvider({ children, ...callbacks }: HookCallbacks & { children?: ReactNode }) {
  useEffect(() => {
    sdk.callbacks = callbacks;
  });
  return children;
}

export const useConversationControls = () => controls;
export const useConversationInput = () => input;
export const useConversationFeedback = () => feedback;
