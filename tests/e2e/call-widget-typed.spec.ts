import { expect, test } from "@playwright/test";
import { scenarioDebriefs } from "@mockingbird/contract/scenario-debriefs";
import type { ScenarioId } from "@mockingbird/contract/scenarios";
import { callWidget, escapeRegExp, expectIdle, microphoneUse, openingLine, playbook, recordMicrophone, sendTypedReply, startTypedCall, text, typeReply, type CallWidget } from "./support/call-widget";

/**
 * Typed calls ('Reply by typing instead') against the local voice agent: no microphone is
 * involved. The default browser has no microphone and no permission to one.
 */

test.beforeEach(async ({ page }) => {
  await recordMicrophone(page);
  await page.goto("/");
});

test("typed replies work without any microphone permission and never ask for the microphone", async ({ page }) => {
  expect(await page.evaluate(async () => (await navigator.permissions.query({ name: "microphone" as PermissionName })).state)).not.toBe("granted");
  const widget = callWidget(page);
  await widget.typedButton.click();
  await expect(widget.connectedBadge).toBeVisible({ timeout: 20_000 });
  await expect(widget.typedButton).toHaveCount(0);
  await expect(widget.agentLines.first()).toHaveText(`${text.captions.agent}: ${openingLine}`, { timeout: 20_000 });
  // A typed call starts with the reply box focused and has no microphone controls.
  await expect(widget.replyBox).toBeFocused();
  await expect(widget.root.getByRole("button", { name: text.buttons.mute })).toHaveCount(0);

  await sendTypedReply(widget, "what is this about");
  const purposeLines = playbook.reactions.askPurpose.map((entry) => entry.line);
  await expect(widget.agentLines.last()).toHaveText(new RegExp(`^${text.captions.agent}: (${purposeLines.map(escapeRegExp).join("|")})$`));
  await expect(widget.visitorLines).toHaveCount(1);
  expect(await microphoneUse(page)).toEqual({ calls: 0, tracks: 0, live: 0 });

  await widget.endButton.click();
  await expectIdle(widget);
  await expect(widget.alert).toBeEmpty();
  expect((await microphoneUse(page)).calls).toBe(0);
});

test("the red-flag debrief appears after the caller's client tool call when the visitor verifies, and the call ends", async ({ page }) => {
  const widget = callWidget(page);
  await startTypedCall(widget);
  await expectDebriefAfterReply(widget, "i will call the help desk myself", "verified");
  await expect(widget.debrief.getByRole("heading", { level: 3 })).toHaveText(`${text.debrief.heading}: ${playbook.title}`);
  await expect(widget.debrief.getByRole("heading", { name: text.debrief.tacticsHeading })).toBeVisible();
  // The opening line is the caller's first pressing line, shown with every tactic it uses.
  const opening = widget.debrief.getByRole("listitem").filter({ hasText: openingLine }).first();
  for (const tactic of playbook.opening.tactics) await expect(opening).toContainText(text.debrief.tactics[tactic as keyof typeof text.debrief.tactics]);
  await expect(widget.debrief.getByRole("heading", { name: text.debrief.nextTimeHeading })).toBeVisible();

  await test.step("the caller hangs up after the closing line", async () => {
    await expectIdle(widget);
    await expect(widget.alert).toBeEmpty();
    await expect(widget.status).toHaveText(`${text.status.ended}. ${text.status.debriefReady}`);
    await expect(widget.debrief).toBeVisible();
  });
});

test("the red-flag debrief reports a visitor who held firm after refusing until the caller gave up", async ({ page }) => {
  const widget = callWidget(page);
  await startTypedCall(widget);
  // The caller pushes back once per push the playbook has, then gives up and sends the debrief.
  for (const { line: push } of playbook.reactions.refusal.pushes) {
    await sendTypedReply(widget, "no way");
    await expect(widget.agentLines.last()).toHaveText(`${text.captions.agent}: ${push}`);
  }
  await expectDebriefAfterReply(widget, "no way", "held-firm");
  await expectIdle(widget);
  await expect(widget.alert).toBeEmpty();
});

test("the red-flag debrief says the visitor complied without repeating what they read out", async ({ page }) => {
  const widget = callWidget(page);
  await startTypedCall(widget);
  const reply = "the code is four seven two nine one eight";
  await expectDebriefAfterReply(widget, reply, "complied");
  await expect(widget.debrief.getByRole("heading", { name: text.debrief.momentHeading })).toBeVisible();
  // The hand-over rule (scripts/agents/prompt.ts): whatever the visitor handed over stays out of the debrief.
  await expect(widget.debrief).not.toContainText(text.debrief.youSaid);
  await expect(widget.debrief).not.toContainText("four seven two nine");
  await expectIdle(widget);
  await expect(widget.alert).toBeEmpty();
});

/** Sends the visitor's last reply and waits for the debrief it earns: its outcome, and the playbook's advice for it. */
async function expectDebriefAfterReply(widget: CallWidget, reply: string, outcome: "verified" | "held-firm" | "complied"): Promise<void> {
  await typeReply(widget, reply);
  await expect(widget.debrief).toBeVisible({ timeout: 20_000 });
  await expect(widget.debrief).toContainText(text.debrief.outcomes[outcome]);
  await expect(widget.debrief.getByRole("list").last().getByRole("listitem")).toContainText([...scenarioDebriefs[playbook.id as ScenarioId].advice[outcome]]);
}
