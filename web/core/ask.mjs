// A question in a modal <dialog>: a message, optional text field, and one button per choice.
// Resolves with the chosen value ("" when dismissed with Escape) and the field's text; text only, never HTML.

/**
 * Ask in `dialog` (holding [data-ask="text"], [data-ask="field"] with an input, [data-ask="buttons"]).
 * `choices` is a list of `[value, label]`; `field` (optional) is `{label, value, maxLength}`.
 */
export function ask(dialog, { message, choices, field = null }) {
  const $ = (name) => dialog.querySelector(`[data-ask="${name}"]`);
  $("text").textContent = message;
  const input = $("field").querySelector("input");
  $("field").hidden = field === null;
  if (field) {
    $("field-label").textContent = field.label;
    input.value = field.value;
    input.maxLength = field.maxLength;
  }
  $("buttons").replaceChildren(
    ...choices.map(([value, label], index) => {
      const button = document.createElement("button");
      button.type = "submit";
      button.value = value;
      button.textContent = label;
      if (index === 0) button.className = "primary";
      return button;
    }),
  );
  dialog.returnValue = "";
  dialog.showModal();
  if (field) input.select();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve({ choice: dialog.returnValue, text: input.value }), { once: true });
  });
}
