// Common English given names and the short forms people sign reviews with. Each group is one
// person's possible first names: a customer booked as any of them fits a reviewer showing any other.
const GROUPS: readonly (readonly string[])[] = [
  ['robert', 'bob', 'bobby', 'rob', 'robbie', 'bert'],
  ['william', 'will', 'bill', 'billy', 'willy', 'liam'],
  ['richard', 'rick', 'ricky', 'rich', 'dick'],
  ['james', 'jim', 'jimmy', 'jamie'],
  ['john', 'johnny', 'jack'],
  ['jonathan', 'jon', 'jonny'],
  ['michael', 'mike', 'mikey', 'mick'],
  ['thomas', 'tom', 'tommy'],
  ['joseph', 'joe', 'joey'],
  ['charles', 'charlie', 'chuck', 'chas'],
  ['christopher', 'chris', 'topher'],
  ['daniel', 'dan', 'danny'],
  ['david', 'dave', 'davey'],
  ['matthew', 'matt', 'matty'],
  ['anthony', 'tony'],
  ['andrew', 'andy', 'drew'],
  ['joshua', 'josh'],
  ['steven', 'steve', 'stevie'],
  ['stephen', 'steve', 'stevie'],
  ['edward', 'ed', 'eddie', 'ted', 'ned'],
  ['benjamin', 'ben', 'benny'],
  ['samuel', 'sam', 'sammy'],
  ['nicholas', 'nick', 'nicky'],
  ['alexander', 'alex', 'xander'],
  ['alexandra', 'alex', 'sandra', 'sasha'],
  ['gregory', 'greg'],
  ['timothy', 'tim', 'timmy'],
  ['kenneth', 'ken', 'kenny'],
  ['ronald', 'ron', 'ronnie'],
  ['donald', 'don', 'donnie'],
  ['patrick', 'pat', 'paddy'],
  ['patricia', 'pat', 'patty', 'trish', 'tricia'],
  ['elizabeth', 'liz', 'beth', 'betty', 'lizzie', 'eliza', 'betsy'],
  ['margaret', 'maggie', 'meg', 'peggy', 'marge'],
  ['katherine', 'kate', 'katie', 'kathy', 'kat'],
  ['catherine', 'cathy', 'kate', 'katie', 'cat'],
  ['jennifer', 'jen', 'jenny'],
  ['jessica', 'jess', 'jessie'],
  ['susan', 'sue', 'susie'],
  ['deborah', 'deb', 'debbie'],
  ['rebecca', 'becky', 'becca'],
  ['barbara', 'barb', 'barbie'],
  ['victoria', 'vicky', 'tori'],
  ['christina', 'chris', 'tina', 'christy'],
  ['christine', 'chris', 'tina', 'christy'],
  ['kimberly', 'kim'],
  ['pamela', 'pam'],
  ['samantha', 'sam', 'sammy'],
  ['abigail', 'abby'],
  ['jacqueline', 'jackie'],
  ['theodore', 'ted', 'teddy', 'theo'],
  ['francis', 'frank', 'fran'],
  ['frances', 'fran', 'frannie'],
  ['gerald', 'gerry', 'jerry'],
  ['lawrence', 'larry'],
  ['raymond', 'ray'],
  ['peter', 'pete'],
  ['philip', 'phil'],
  ['leonard', 'len', 'lenny', 'leo'],
  ['douglas', 'doug'],
  ['jeffrey', 'jeff'],
  ['zachary', 'zach', 'zack'],
  ['nathaniel', 'nate', 'nat'],
  ['nathan', 'nate'],
  ['alejandro', 'alex', 'ale'],
  ['francisco', 'paco', 'pancho', 'cisco'],
  ['jose', 'pepe'],
  ['guadalupe', 'lupe', 'lupita'],
  ['maria', 'mari'],
];

const BY_NAME = new Map<string, Set<string>>();
for (const group of GROUPS) {
  for (const name of group) {
    const set = BY_NAME.get(name) ?? new Set<string>();
    BY_NAME.set(name, set);
    for (const other of group) if (other !== name) set.add(other);
  }
}

/** The other first names the same person may go by (none for a name the table does not hold). */
export function nicknamesOf(first: string): readonly string[] {
  return [...(BY_NAME.get(first) ?? [])].sort();
}
