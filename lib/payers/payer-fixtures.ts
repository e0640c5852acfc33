// A payer's identity and bank account as a platform sends them: made up, but shaped like real data.
export const IDENTITY = {
  email: "ada.lovelace@example.org",
  firstName: "Adaline",
  lastName: "Lovelacey",
  beneficiaryType: "individual",
  dateOfBirth: "1985-12-10",
  addressLine1: "12 Analytical Engine Street",
  city: "Marylebone",
  state: "Greater London",
  postcode: "NW1 6XE",
  country: "GB",
  nationality: "GB",
  phone: "+447700900123",
  ssn: "QQ123456C",
};
export const BANK = {
  bankName: "Babbage Savings Bank",
  accountName: "Adaline Lovelacey Current",
  accountNumber: "31926819",
  sortCode: "404784",
  beneficiaryType: "individual",
  currency: "GBP",
  addressLine1: "12 Analytical Engine Street",
  city: "Marylebone",
  country: "GB",
  dateOfBirth: "1985-12-10",
  postalCode: "NW1 6XE",
};
