module swiss.test/planhash

go 1.20
