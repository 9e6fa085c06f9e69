/** Where the claimed address goes in the claim page's sentences: the server words them in the payer's language, the form puts the address in. */
export const ADDRESS = "⟨address⟩";
