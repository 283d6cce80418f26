-- Issue 45: "My plan" in Account settings preselects the plan filter of a search. A payer's slug; an admin
-- deleting the payer leaves the user with no plan rather than a dangling name.
ALTER TABLE users ADD COLUMN my_plan text REFERENCES payers (slug) ON UPDATE CASCADE ON DELETE SET NULL;
